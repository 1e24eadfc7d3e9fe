import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def report(preds):
    return top_level_all_gather(preds, P(None, reduced={"i"}))  # none: the array is the caller's, on its mesh


def main(x):
    mesh = jax.make_mesh((4, 2), ("rows", "cols"))
    with jax.set_mesh(mesh):
        preds = jax.jit(lambda b: b)(x)
    return report(preds)
