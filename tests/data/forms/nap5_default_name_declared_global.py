"""Near miss of ap10: a function rebinds SEQ with `global` and runs before the def, so the
default captures 'i' (where the gathered value varies: fine); a name some function declares
global is not followed."""
import jax
from jax.sharding import PartitionSpec as P

SEQ = "j"


def use_rows():
    global SEQ
    SEQ = "i"


use_rows()


def total(v, axis=SEQ):
    return jax.lax.psum(v, axis)


SEQ = "j"


def body(x):
    full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return total(full)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
