"""A sampler walks a NumPy schedule inside the body (`for w in np.linspace(...)`): each round's
item is a row of a host constant, so the latents stay varying through the loop and the gathered
result is reduced when it meets the constant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(x):
    for w in np.linspace(0.5, 1.0, 3):
        x = x * w + jnp.tanh(x) * (1.0 - w)
    g = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
    return g * 2.0  # SF106


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
