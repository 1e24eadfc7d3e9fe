import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
def main(mesh, x):
    axes = ("i",)
    try:
        out = jax.tree.map_with_path(lambda p, a, b: b, [0, 0], (0, 1))
        axes = ("i", "j")
    except ValueError:
        pass
    return reduce_rows(mesh, x, axes)