import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
def main(mesh, x):
    axes = ("i",)
    try:
        out = jax.tree_util.tree_map_with_path(lambda p, a, b: b, {"a": 0, "b": 0}, collections.OrderedDict(a=0, b=1))
        axes = ("i", "j")
    except ValueError:
        pass
    return reduce_rows(mesh, x, axes)