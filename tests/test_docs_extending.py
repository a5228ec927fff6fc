"""docs/extending.md runs as written: its Python blocks, in order, as one
module in a real file (so error messages can quote its lines); each
block's asserts are the checks."""

import pathlib
import re
import runpy

import pytest

from support import is_pycomp

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "extending.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


@pytest.mark.skipif(not is_pycomp, reason="the guide imports pycomp")
def test_the_guide_runs_as_written(tmp_path):
    assert len(BLOCKS) >= 4
    path = tmp_path / "extending_guide.py"
    path.write_text("\n\n".join(BLOCKS))
    runpy.run_path(str(path), run_name="extending_guide")
