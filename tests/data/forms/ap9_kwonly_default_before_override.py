"""A config override after the defaults (`BATCH = "j"` below the def): the keyword-only default
of the loss kept the first binding ('i'), and the pmean over both axes meets a value the psum
left invariant on 'i' only."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

BATCH = "i"


def local_loss(x, *, batch_axis=BATCH):
    total = jax.lax.psum(jnp.sum(x), batch_axis)
    return jax.lax.pmean(total, ("i", "j"))  # SF105


BATCH = "j"  # override for the second experiment (read by nothing above)


def run(mesh, x):
    print("batch axis now", BATCH)
    return jax.shard_map(local_loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
