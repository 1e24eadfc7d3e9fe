import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


def make_loss(mesh, a_spec, b_spec, reduce_over=AXES):
    def loss(a, b):
        total = jnp.log(a * a + 1.0).sum() * b.mean()
        return jax.lax.psum(total, reduce_over)

    return jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(a_spec, b_spec), out_specs=P()))


def unused(mesh):
    return make_loss(mesh, P(AXES[0], None), P(AXES[0], None))


def main(mesh, x):
    return make_loss(mesh, P(*AXES), P(*AXES))(x, x)
