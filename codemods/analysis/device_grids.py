"""`mesh.devices` of a mesh the program built from its sizes, in a script run (script_run.py; issue 13).

`rows, cols = mesh.devices.shape` picks axes by the mesh's layout (`("data", "model") if cols > 1
else ("data",)`). The devices of `jax.make_mesh((4, 2), names)` are a NumPy array of that shape
(jax 0.10.2): its `shape`, `ndim` and `size` are the sizes the program wrote. Which device sits
where is not known, so any other read (items, `flat`, `tolist()`) stops the run.
"""
from __future__ import annotations

import math

from codemods.analysis.host_objects import Bail


class DeviceGrid:
    __slots__ = ("sizes",)

    def __init__(self, sizes: tuple) -> None:
        self.sizes = sizes


def attribute(grid: DeviceGrid, name: str) -> object:
    if name == "shape":
        return tuple(grid.sizes)
    if name == "ndim":
        return len(grid.sizes)
    if name == "size":
        return math.prod(grid.sizes)
    raise Bail
