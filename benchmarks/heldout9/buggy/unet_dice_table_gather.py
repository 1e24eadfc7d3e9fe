"""U-Net segmentation with spatial partitioning (image rows over 'spatial', images over
'data'): per-class Dice terms are summed over the whole mesh, then tabled per data shard."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

N_CLASSES = 3
AXES = ("data", "spatial")


def dice_terms(pred, mask):
    if pred.ndim == 4:
        reduce_over = (0, 1, 2)
    else:
        reduce_over = (0, 1)
    inter = jnp.sum(pred * mask, axis=reduce_over)
    denom = jnp.sum(pred + mask, axis=reduce_over)
    return jax.lax.psum(jnp.stack([inter, denom]), AXES)


def dice_table(pred, mask):
    terms = dice_terms(jax.nn.softmax(pred, axis=-1), jax.nn.one_hot(mask, N_CLASSES))
    table = jax.lax.all_gather(terms[None], "data", axis=0, tiled=True, to="reduced")
    return table


def main(pred, mask):
    mesh = jax.make_mesh((2, 4), AXES)
    f = jax.shard_map(dice_table, mesh=mesh,
                      in_specs=(P("data", "spatial", None, None), P("data", "spatial", None)),
                      out_specs=P(None, None, None, reduced={"data"}))
    return f(jax.device_put(pred, NamedSharding(mesh, P("data", "spatial", None, None))),
             jax.device_put(mask, NamedSharding(mesh, P("data", "spatial", None))))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(40))
    return (jax.random.normal(k1, (2, 8, 8, N_CLASSES)),
            jax.random.randint(k2, (2, 8, 8), 0, N_CLASSES))
