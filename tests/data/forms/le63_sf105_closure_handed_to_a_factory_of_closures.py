"""Update functions built by factories (graph-network style): the norm closure is handed to
`make_mlp`, whose closure calls it, and that one to `network`, whose closure is the body. The
norm runs only there: its psum over both axes of a value varying on 'j' alone mixes states."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def make_norm(axes):
    def norm(v):
        return jax.lax.psum(jnp.sum(v), axes)  # SF105
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
    return jax.shard_map(net, mesh=mesh, in_specs=(P(None, "j"), P(None, "j")), out_specs=P())(x, x)
