"""PointNet classifier: a global max-pooled feature broadcast back to every point shard."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def shared_mlp(points, w):
    return jax.nn.relu(points @ w)


def global_pool(feats, axis):
    return jax.lax.pmax(jnp.max(feats, axis=0, keepdims=True), axis)


def broadcast_global(feats, axis):
    g = global_pool(feats, axis)
    return jax.lax.all_gather(g, axis, axis=0, tiled=True, to="reduced")


def wrap(fn, mesh, axis):
    return jax.shard_map(lambda p, w: fn(shared_mlp(p, w), axis), mesh=mesh,
                         in_specs=(P(axis, None), P()), out_specs=P(None, None, reduced={axis}))


def build(mesh, axis="points"):
    return wrap(broadcast_global, mesh, axis)


def inputs():
    mesh = jax.make_mesh((8,), ("points",))
    pts = jnp.sin(jnp.arange(64 * 3, dtype=jnp.float32)).reshape(64, 3)
    w = jnp.ones((3, 16)) * 0.3
    return mesh, pts, w


def main(mesh, pts, w):
    pts = jax.device_put(pts, NamedSharding(mesh, P("points", None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    return build(mesh)(pts, w)
