"""WGAN critic with a replicated first layer: its features are reduce-scattered over the
whole mesh so that each device keeps one slice of the summed features for the next layer."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("data", "model")


def critic_features(x, w):
    feats = jax.nn.leaky_relu(x @ w, 0.2)
    pooled = jnp.sum(feats, axis=0, keepdims=True)
    return jax.lax.psum_scatter(pooled, MESH_AXES, scatter_dimension=1, tiled=True)


def main(x, w):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    f = jax.shard_map(critic_features, mesh=mesh, in_specs=(P("data", None), P()),
                      out_specs=P(None, MESH_AXES))
    return f(jax.device_put(x, NamedSharding(mesh, P("data", None))),
             jax.device_put(w, NamedSharding(mesh, P())))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(74))
    return jax.random.normal(k1, (8, 4)), jax.random.normal(k2, (4, 16))
