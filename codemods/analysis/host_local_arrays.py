"""Arrays and device grids a multi-host launcher builds, in a script run (script_run.py; issue 13).

`jax.make_array_from_process_local_data(sharding, local)` makes one global array of `sharding`
from each process's block `local`. Its global shape depends on how many processes there are
(one process, as a run stands for (device_counts.py): `local`'s shape; more: larger along the
sharded dimensions), but its sharding, rank and element type are the same for any number of
processes: those are all the run keeps.

`mesh_utils.create_device_mesh(shape)` is a NumPy array of the devices laid out as `shape`
(device_grids.py: only its sizes are known); JAX raises unless the sizes multiply out to the
number of devices (checked on 0.10.2: `Number of devices 8 must equal the product of mesh_shape`),
so a run under a device count they do not match is one the program rejects (device_counts.py).
`Mesh(grid, names)` then has the grid's sizes.
"""
from __future__ import annotations

import math

from codemods.analysis.argument_binding import bind
from codemods.analysis.array_dtypes import on_device
from codemods.analysis.device_grids import DeviceGrid
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, Opaque, ShardObj

PROCESS_LOCAL = "jax.make_array_from_process_local_data"
DEVICE_MESH = "jax.experimental.mesh_utils.create_device_mesh"
NAMES = frozenset({PROCESS_LOCAL, DEVICE_MESH})
_MESH_FLAGS = ("contiguous_submeshes", "allow_split_physical_axes")
_MESH_DEFAULTS = {"devices": None, "contiguous_submeshes": False, "allow_split_physical_axes": False}


def call(run, name: str, args: list, kwargs: dict) -> object:
    return process_local(args, kwargs) if name == PROCESS_LOCAL else device_mesh(run, args, kwargs)


def process_local(args: list, kwargs: dict) -> Arr:
    """`jax.make_array_from_process_local_data(sharding, local, global_shape=None)`."""
    given = bind(("sharding", "local_data", "global_shape"), args, kwargs, {"global_shape": None})
    if given is None:
        raise Bail
    sharding, local, shape = given["sharding"], given["local_data"], given["global_shape"]
    if type(sharding) is not ShardObj or type(local) is not Arr:
        raise Bail  # (a bare PartitionSpec or a list: not followed)
    rank = local.ndim
    if shape is not None:
        if type(shape) is not tuple or not all(type(size) is int for size in shape):
            raise Bail
        if rank is not None and len(shape) != rank:
            raise Bail  # (JAX raises: the global shape must have the block's rank)
        rank = len(shape)
    return Arr(sharding, False, ndim=rank, dtype=on_device(local.dtype))


def device_mesh(run, args: list, kwargs: dict) -> DeviceGrid:
    """`mesh_utils.create_device_mesh(shape, devices=None, *, contiguous_submeshes=False, ...)`."""
    given = bind(("mesh_shape", "devices"), args, kwargs, _MESH_DEFAULTS, _MESH_FLAGS)
    if given is None or any(type(given[flag]) is not bool for flag in _MESH_FLAGS):
        raise Bail
    shape = given["mesh_shape"]
    if type(shape) not in (tuple, list) or not shape or not all(type(size) is int and size > 0 for size in shape):
        raise Bail  # (sizes the run does not know: a run under a known device count may)
    devices = given["devices"]
    if devices is None:
        count = run.__dict__.get("_device_count")
        run.__dict__["_counted"] = True  # (`jax.devices()` is read)
    elif type(devices) is list and all(type(device) is Opaque for device in devices):
        count = len(devices)
    else:
        raise Bail
    if count is not None and math.prod(shape) != count:
        if devices is None:
            run.__dict__["_rejected"] = True  # (the program raises on this many devices: device_counts.py)
        raise Bail
    return DeviceGrid(tuple(shape))


def mesh_sizes(devices: object, names: tuple) -> tuple | None:
    """The sizes of `Mesh(devices, names)`: a grid's, where it has one size per name."""
    if type(devices) is not DeviceGrid:
        return None
    if len(devices.sizes) != len(names):
        raise Bail  # (JAX raises: one name per dimension of the devices)
    return devices.sizes
