"""The CUDA target: PTX for NVIDIA GPUs through LLVM's NVPTX back end.

- :mod:`.context`: :class:`~.context.CUDATargetContext`, the target
  interface of :mod:`pycomp.targets.base` for CUDA;
- :mod:`.impl_cuda`: lowering of the CUDA intrinsics (special registers,
  ``grid``, ``gridsize``);
- :mod:`.libdevice`: the math library (names, intrinsic redirection, loading);
- :mod:`.kernel`: a kernel's entry (flattened arguments) around its body;
- :mod:`.codegen`: linking, optimizing and writing PTX;
- :mod:`.toolkit`: finding the CUDA toolkit, its version and default cc.

The user API is :mod:`pycomp.cuda` (``compile_ptx``).
"""
