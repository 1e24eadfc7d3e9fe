"""Sample coherence of an interferogram network, assembled for phase linking."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_coherence(mesh):
    date_axis, pixel_axis = mesh.axis_names

    def coherence(re, im):
        power = re * re + im * im
        per_date = jax.lax.all_gather(power, pixel_axis, axis=1, tiled=True, to="reduced")
        amplitude = jnp.sqrt(per_date.sum(axis=1))
        network = jax.lax.all_gather(amplitude, (pixel_axis, date_axis), tiled=True, to="reduced")
        return network

    return coherence


def inputs():
    rng = np.random.default_rng(61)
    re = rng.normal(size=(8, 32)).astype(np.float32)
    im = rng.normal(size=(8, 32)).astype(np.float32)
    return re, im


def main(re, im):
    mesh = jax.make_mesh((4, 2), ("date", "pixel"))
    spec = P("date", "pixel")
    re = jax.device_put(re, NamedSharding(mesh, spec))
    im = jax.device_put(im, NamedSharding(mesh, spec))
    fn = jax.shard_map(make_coherence(mesh), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, reduced={"date", "pixel"}))
    return fn(re, im)


if __name__ == "__main__":
    main(*inputs())
