"""U-Net inference under a context mesh: the prediction is a shard_map result (no mesh=),
and a helper collects the rows of each image for saving; the saving happens once the
inference block is done."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PRED_SPEC = P("data", "spatial", None)
SAVE_SPEC = P("data", None, None, reduced={"spatial"})


def predict(x, w):
    return jnp.argmax(jnp.einsum("nhwc,ck->nhwk", x, w), axis=-1).astype(jnp.float32)


def save_prediction(pred):
    return top_level_all_gather(pred, SAVE_SPEC)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "spatial"))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P("data", "spatial", None, None)))
        w = jax.device_put(w, NamedSharding(mesh, P()))
        pred = jax.shard_map(predict, in_specs=(P("data", "spatial", None, None), P()),
                             out_specs=PRED_SPEC)(x, w)
    return save_prediction(pred)


def inputs():
    k1, k2 = jax.random.split(jax.random.key(43))
    return jax.random.normal(k1, (2, 8, 8, 4)), jax.random.normal(k2, (4, 3))
