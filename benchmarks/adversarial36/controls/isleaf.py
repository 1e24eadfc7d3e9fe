import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
def main(mesh, x):
    axes = ("i",)
    try:
        out = jax.tree.map_with_path(lambda p, v: v, {"a": (1, 2)}, is_leaf=lambda v: 0)
        axes = ("i", "j")
    except ValueError:
        pass
    return reduce_rows(mesh, x, axes)