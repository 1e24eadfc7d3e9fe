"""The same factories of closures, with the inputs sharded over both axes: the psum over both is
in one state."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def make_norm(axes):
    def norm(v):
        return jax.lax.psum(jnp.sum(v), axes)
    return norm


def make_mlp(norm_fn):
    def mlp(v, w):
        return norm_fn(v * w)
    return mlp


def network(edge_fn):
    def apply(v, w):
        return edge_fn(v, w)
    return apply


def main(mesh, x):
    norm = make_norm(("i", "j"))
    net = network(edge_fn=make_mlp(norm))
    return jax.shard_map(net, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P())(x, x)
