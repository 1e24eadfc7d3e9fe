import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
def main(mesh, x):
    axes = ("i",)
    try:
        out = jax.tree.map(lambda v: v, {"a": (1, 2)}, is_leaf=lambda v: 1 if type(v) is tuple else 0)
        axes = ("i", "j")
    except ValueError:
        pass
    return reduce_rows(mesh, x, axes)