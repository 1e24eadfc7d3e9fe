import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
@dataclasses.dataclass(slots=True)
class Owner:
    name: str = "w"


def main(mesh, x):
    reg = weakref.WeakValueDictionary()
    owner = Owner()
    axes = ("i",)
    try:
        reg["k"] = owner
        axes = ("i", "j")
    except TypeError:
        pass
    return reduce_rows(mesh, x, axes)