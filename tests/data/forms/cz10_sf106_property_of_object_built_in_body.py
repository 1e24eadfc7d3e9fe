"""A forecast object built inside the body holds the sample paths gathered over "j" (reduced),
and its `mean` property averages them: reading `forecast.mean` runs the property, whose mean
combines the reduced paths with constants."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class SampleForecast:
    def __init__(self, samples):
        self.samples = samples

    @property
    def mean(self):
        return jnp.mean(self.samples, axis=0, keepdims=True)  # SF106


def generate(block):
    return SampleForecast(jax.lax.all_gather(block, "j", axis=1, tiled=True, to="reduced"))


def body(block):
    return generate(block).mean


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
