"""U-Net inference: the prediction (a shard_map result under a context mesh, no mesh=) is
collected by the saving helper while the mesh is still set."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PRED_SPEC = P("data", "spatial", None)
SAVE_SPEC = P("data", None, None, reduced={"spatial"})


def predict(x, w):
    return jnp.einsum("nhwc,ck->nhwk", x, w)[..., 0]


def save_prediction(pred):
    return top_level_all_gather(pred, SAVE_SPEC)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "spatial"))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P("data", "spatial", None, None)))
        w = jax.device_put(w, NamedSharding(mesh, P()))
        pred = jax.shard_map(predict, in_specs=(P("data", "spatial", None, None), P()),
                             out_specs=PRED_SPEC)(x, w)
        saved = save_prediction(pred)
    return saved


def inputs():
    k1, k2 = jax.random.split(jax.random.key(113))
    return jax.random.normal(k1, (2, 8, 8, 4)), jax.random.normal(k2, (4, 3))
