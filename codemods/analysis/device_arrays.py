"""NumPy arrays of the devices in a script run (script_run.py; issue 13).

Launchers lay the devices out themselves instead of calling `mesh_utils.create_device_mesh`:
`Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axes, axis_types=...)`. Under a
known device count (device_counts.py) `jax.devices()` is a list of that many device objects, so
`np.array(devices)` / `np.asarray(devices)` of distinct items of one such call (two calls give
the same devices: `jax.devices()[:4] + jax.devices()[:4]` holds each twice, which JAX rejects) is
an array of shape (n,), and `reshape` to ints (at most one -1) gives the array those sizes, or
NumPy's ValueError when they do not multiply out to n (checked on NumPy 2: `cannot reshape array
of size 8 into shape (4,4)`). `Mesh(array, names)` then has the array's sizes, as it has a
`create_device_mesh` grid's (host_local_arrays.py). A reshape the run cannot size leaves the
array as any other: no sizes.

The array keeps only its shape here; any other step on it (an index, a transpose) makes an
ordinary array without sizes, as before, and any write into a host array in place
(exact_host_arrays.changed_in_place: `devices[0, 0] = devices[1, 1]` makes JAX reject the mesh)
forgets every such layout.
"""
from __future__ import annotations

import math

from codemods.analysis.host_objects import Bail
from codemods.analysis.number_attributes import DEVICE_NAMES, has_names
from codemods.analysis.script_values import Arr, MeshObj

_TABLE = "_device_arrays"  # id(array) -> (array, its shape)
_CALLS = "_device_calls"  # id(device) -> (device, the id of the list one `jax.devices()` call gave)
_MAKERS = frozenset({"numpy.array", "numpy.asarray"})


def listed(run, devices: list) -> list:
    """The devices of one `jax.devices()` call, noted as one list: two calls' objects stand for
    the same devices, so only items of one call are certainly distinct devices."""
    table = run.__dict__.setdefault(_CALLS, {})
    for device in devices:
        table[id(device)] = (device, id(devices))
    return devices


def _one_call(run, items: list | tuple) -> bool:
    table = run.__dict__.get(_CALLS, {})
    calls = {table[id(item)][1] if id(item) in table and table[id(item)][0] is item else None for item in items}
    return len(calls) == 1 and None not in calls and len({id(item) for item in items}) == len(items)


def made(run, name: str, args: list, kwargs: dict, arr: object) -> object:
    """`np.array(jax.devices())` (or of a slice of it): noted as an array of the devices, of shape (n,)."""
    if name in _MAKERS and len(args) == 1 and not kwargs and type(args[0]) in (list, tuple) and args[0] \
            and type(arr) is Arr and all(has_names(run, device, DEVICE_NAMES) for device in args[0]) \
            and _one_call(run, args[0]):
        _note(run, arr, (len(args[0]),))
    return arr


def reshaped(run, owner: object, name: str, args: list, kwargs: dict, result: object) -> object:
    """`devices.reshape(4, 2)` / `.reshape((4, -1))` of such an array: the same devices laid out anew."""
    shape = shape_of(run, owner)
    if shape is None or name != "reshape" or kwargs or not args or type(result) is not Arr:
        return result
    new = args[0] if len(args) == 1 and type(args[0]) in (tuple, list) else tuple(args)
    if not all(type(size) is int and (size > 0 or size == -1) for size in new) or list(new).count(-1) > 1:
        return result
    size, known = math.prod(shape), math.prod(n for n in new if n != -1)
    filled = tuple(size // known if n == -1 else n for n in new) if known and size % known == 0 else None
    if filled is None or math.prod(filled) != size:
        if size == run.__dict__.get("_device_count"):
            run.__dict__["_rejected"] = True  # (NumPy raises on this many devices: device_counts.py)
        raise Bail
    _note(run, result, filled)
    return result


def shape_of(run, arr: object) -> tuple | None:
    found = run.__dict__.get(_TABLE, {}).get(id(arr))
    return found[1] if found is not None and found[0] is arr else None


def _note(run, arr: Arr, shape: tuple) -> None:
    run.__dict__.setdefault(_TABLE, {})[id(arr)] = (arr, shape)


def sized(run, args: list, kwargs: dict, mesh: MeshObj) -> MeshObj:
    """`Mesh(devices, names)` of such an array: the array's sizes, one per name (else JAX raises)."""
    devices = args[0] if args else kwargs.get("devices")
    shape = shape_of(run, devices)
    if mesh.sizes is not None or shape is None:
        return mesh
    if len(shape) != len(mesh.names):
        raise Bail  # (JAX raises: one name per dimension of the devices)
    return MeshObj(mesh.names, mesh.explicit, shape)
