"""Every @njit function gets the pipeline named by PYCOMP_PIPELINE."""

import pycomp

from pycomp_toy import clamp, interval


@pycomp.njit
def clamp_to_unit(x):
    return clamp(x, interval(0, 1))


if __name__ == "__main__":
    print([clamp_to_unit(x) for x in (-2, 0.25, 7)])
