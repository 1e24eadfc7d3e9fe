"""Archives of arrays a script saves with `np.savez` in a fresh temporary directory and loads
back with `np.load` (script_run.py; issue 13), kept in temp_files.py's record of the run's files.

A checkpoint writer saves a pytree's leaves in one archive (`np.savez(path, **{f"leaf_{i}":
np.asarray(leaf) ...})`), and its restore reads them back (`with np.load(path) as data:
leaves = [data[f"leaf_{i}"] ...]`) before placing each on the mesh. What the archive holds is
exactly what the run saved there (temp_files.py says why), so each array read back has the shape,
rank and element type of the array saved (NumPy writes the dtype and shape in each member's
header and reads them back), its values unknown. Checked with NumPy 2.4: a bfloat16 array
(ml_dtypes, kind "V") comes back as a raw `|V2` array, so its dtype is not kept.

Modelled, as NumPy 2 does it:
- `np.savez(file, *arrays, **named)` and `np.savez_compressed`: the members are the keywords in
  their order, then `arr_0`, `arr_1`, ... for the positional arrays; a keyword named like one of
  those raises ValueError (the run stops); `allow_pickle=` and objects that are not arrays stop it;
- `np.load(file)` (and `allow_pickle=` a bool) of such an archive: an NpzFile, a mapping of the
  member names, open until `close()` or the end of the `with` block it is entered by (its
  `__exit__` closes it); `data[name]` a new array each time (a missing name raises KeyError, a
  closed archive raises: the run stops); `data.files`, `list(data)`, `len(data)`, `name in data` (true also of a member's name
  with ".npy" after it, as the zip stores it).
  A ".npy" file is read as temp_files.py reads it.
"""
from __future__ import annotations

from codemods.analysis.argument_binding import bind
from codemods.analysis.host_objects import Bail
from codemods.analysis.library_contexts import LibraryContext
from codemods.analysis.modelled_objects import ModelledContainer
from codemods.analysis.script_values import Arr, RunCallable
from codemods.analysis.temp_files import (
    PASS,
    Saved,
    files,
    is_dir,
    is_temp,
    key,
    load_array,
    numpy_target,
    read_back,
    writing,
)

_LOAD_DEFAULTS = {"mmap_mode": None, "allow_pickle": False}


def save(run, args: list, kwargs: dict) -> object:
    """`np.savez(file, *arrays, **named)`."""
    if not args or not is_temp(args[0]):
        return PASS if not any(is_temp(value) for value in (*args, *kwargs.values())) else _bail()
    if "file" in kwargs or "allow_pickle" in kwargs or not all(type(value) is Arr for value in (*args[1:], *kwargs.values())):
        raise Bail  # (pickled objects, another keyword: not modelled)
    if getattr(run, "in_body", 0) or getattr(run, "jitted", 0):
        raise Bail  # (a traced array: NumPy cannot take it, JAX raises)
    members = dict(kwargs)
    for index, array in enumerate(args[1:]):
        if f"arr_{index}" in members:
            raise Bail  # (ValueError "Cannot use un-named variables and keyword arr_0": not modelled)
        members[f"arr_{index}"] = array
    if not members:
        raise Bail  # (an empty archive: not modelled)
    at = numpy_target(args[0], ".npz")
    if not is_dir(run, (at[0], at[1][:-1])) or is_dir(run, at) or writing(run, at):
        raise Bail  # (FileNotFoundError, IsADirectoryError)
    saved = Saved("npz", None)
    saved.members = {name: read_back(array) for name, array in members.items()}
    files(run)[at] = saved
    return None


def load(run, args: list, kwargs: dict) -> object:
    """`np.load(file)` of an archive this run saved; a ".npy" file is temp_files.py's."""
    if not args or not is_temp(args[0]):
        return PASS if not any(is_temp(value) for value in (*args, *kwargs.values())) else _bail()
    found = files(run).get(key(args[0]))
    if type(found) is not Saved or found.kind != "npz":
        return load_array(run, args, kwargs)  # (a ".npy" file, or a stop: temp_files.py)
    given = bind(("file", "mmap_mode", "allow_pickle"), args, kwargs, _LOAD_DEFAULTS)
    if given is None or given["mmap_mode"] is not None or type(given["allow_pickle"]) is not bool:
        raise Bail
    return NpzArchive(found.members)


class NpzArchive(ModelledContainer, LibraryContext):
    """The NpzFile `np.load` gives of an archive: a mapping of its member names, open until closed."""

    __slots__ = ("closed", "members")

    def __init__(self, members: dict) -> None:
        self.members, self.closed = members, False

    def __len__(self) -> int:
        return len(self.members)

    def __iter__(self):
        return iter(list(self.members))

    def attribute(self, run, name: str) -> object:
        if name == "files":
            return list(self.members)
        if name == "close":
            return ArchiveMethod(self, name)
        raise Bail

    def items(self, run) -> list:
        return list(self.members)

    def item(self, run, key: object) -> object:
        if self.closed or type(key) is not str or key not in self.members:
            raise Bail  # (KeyError, or a closed archive's error: not modelled)
        return read_back(self.members[key])

    def store(self, run, key: object, value: object) -> None:
        raise Bail  # (TypeError: an NpzFile takes no items)

    def contains(self, run, key: object) -> bool:
        if type(key) is not str:
            raise Bail
        # (NumPy 2's NpzFile also takes a member's name as stored in the zip, with ".npy": `"w.npy" in data`)
        return key in self.members or key.endswith(".npy") and key[:-4] in self.members

    def run_with(self, run, target, body, env) -> None:
        if target is not None:
            run.store(target, self, env)
        try:
            body()
        finally:
            self.closed = True  # (its `__exit__` closes it, whatever left the block)


class ArchiveMethod(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: NpzArchive, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if args or kwargs:
            raise Bail
        self.owner.closed = True
        return None


CALLS = {"numpy.savez": save, "numpy.savez_compressed": save, "numpy.load": load}


def _bail():
    raise Bail
