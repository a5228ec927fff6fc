nb.func @f(%lo: !nb.type<int64>, %hi: !nb.type<float64>, %x: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["lo", "hi", "x"]} {
  %iv = toy.interval %lo, %hi : (!nb.type<int64>, !nb.type<float64>) -> !nb.type<?>
  %c = toy.clamp %x, %iv : (!nb.type<float64>, !nb.type<?>) -> !nb.type<?>
  %w = toy.width %iv : (!nb.type<?>) -> !nb.type<?>
  %r = nb.binop "/" %c, %w : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %r : !nb.type<?>
}
