"""Leaf predictions of every tree from a sharded predictor, collected per feature group for SHAP."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("rows", "feat"))
PRED_SPEC = P("rows", "feat")
SHAP_SPEC = P("feat", None, reduced={"rows"})


def predict(bins, leaves):
    return jnp.take_along_axis(leaves[None, :, :].repeat(bins.shape[0], 0), bins[..., None], axis=-1)[..., 0]


def inputs():
    bins = jax.random.randint(jax.random.key(34), (32, 8), 0, 4)
    leaves = jax.random.normal(jax.random.key(35), (8, 4))
    return bins, leaves


def main(bins, leaves):
    with jax.set_mesh(mesh):
        bins = jax.device_put(bins, PRED_SPEC)
        leaves = jax.device_put(leaves, P("feat", None))
        preds = jax.shard_map(predict, in_specs=(PRED_SPEC, P("feat", None)), out_specs=PRED_SPEC)(bins, leaves)
        for _ in range(2):
            preds = preds * 0.5
        return top_level_all_gather(preds, SHAP_SPEC)
