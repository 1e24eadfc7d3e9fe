"""Two experiments in one script: the reduction helper's default (`axis=SEQ`) captured 'j'
before SEQ was switched to 'i'; the body gathers over 'j' to reduced and the helper sums over
'j' again."""
import jax
from jax.sharding import PartitionSpec as P

SEQ = "j"


def total(v, axis=SEQ):
    return jax.lax.psum(v, axis)  # SF103


SEQ = "i"


def body(x):
    full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return total(full)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x)
