import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(x):
    full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")

    def step(carry, _):
        n, acc = carry
        return (n + 1, jnp.tanh(acc)), None

    (_, out), _ = jax.lax.scan(step, (0, full), None, length=2)
    return jax.lax.all_gather(out, "i", axis=0, tiled=True)  # SF103


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
