"""PointNet segmentation head: class logits sharded over classes, assembled then normalised."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def seg_head(feats, w_cls):
    logits = feats @ w_cls
    probs = jax.nn.softmax(jax.lax.all_gather(logits, "cls", axis=1, tiled=True, to="reduced"), axis=-1)
    return probs


def inputs():
    mesh = jax.make_mesh((2, 4), ("pts", "cls"))
    feats = jnp.linspace(-1, 1, 16 * 6).reshape(16, 6)
    w_cls = jnp.ones((6, 8)) * 0.1
    return mesh, feats, w_cls


def main(mesh, feats, w_cls):
    feats = jax.device_put(feats, NamedSharding(mesh, P("pts", None)))
    w_cls = jax.device_put(w_cls, NamedSharding(mesh, P(None, "cls")))
    f = jax.shard_map(seg_head, mesh=mesh, in_specs=(P("pts", None), P(None, "cls")),
                      out_specs=P("pts", None))
    return f(feats, w_cls)
