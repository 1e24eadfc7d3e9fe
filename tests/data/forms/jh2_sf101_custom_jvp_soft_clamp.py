import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


@jax.custom_jvp
def soft_clamp(s, bound):
    return bound * jnp.tanh(s / bound)


@soft_clamp.defjvp
def _soft_clamp_jvp(primals, tangents):
    s, bound = primals
    ds, _ = tangents
    t = jnp.tanh(s / bound)
    return bound * t, ds * (1.0 - t * t)


def body(x):
    scores = lax.psum(x, "j")
    clamped = soft_clamp(scores, 2.0)
    return lax.all_gather(clamped, "j", axis=1, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
