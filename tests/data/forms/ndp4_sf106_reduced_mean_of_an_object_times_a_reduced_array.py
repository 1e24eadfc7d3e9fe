"""A VAE-like distribution object built in the body keeps its mean gathered to reduced over the
batch axis (`self.mean = gather_reduced(self.mean, axis)`); the caller multiplies it by an
array reduced there too, not replicated: JAX keeps the product reduced, whatever the mean's
states on the other mesh axis (not followed) are."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")


class Gaussian:
    def __init__(self, parameters):
        self.mean, self.logvar = jnp.split(parameters, 2, axis=-1)
        self.logvar = jnp.clip(self.logvar, -30.0, 20.0)
        self.std = jnp.exp(0.5 * self.logvar)


class BatchGaussian(Gaussian):
    def __init__(self, parameters, batch_axis):
        super().__init__(parameters)
        self.mean = gather_reduced(self.mean, batch_axis)

    def mode(self):
        return self.mean


def body(x):
    latents = BatchGaussian(x, "i").mode()
    return latents * jnp.tanh(latents)


def main(x):
    mesh = create_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
