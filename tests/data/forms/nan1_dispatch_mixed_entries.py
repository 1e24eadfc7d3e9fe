import jax
from jax.sharding import PartitionSpec as P

# One entry is a JAX function: the call line runs whichever entry is picked, so a finding there
# would not be certain; and every user entry here is harmless on a reduced value.
ACTIVATIONS = {"relu": jax.nn.relu, "identity": lambda v: v}
SAFE = {"identity": lambda v: v, "copy": lambda v: v.copy()}


def run(mesh, x, act="identity", post="copy"):
    def body(x):
        g = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
        g = ACTIVATIONS[act](g)
        return SAFE[post](g)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
