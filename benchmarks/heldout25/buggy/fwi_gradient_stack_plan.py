"""Migration image: per-shot gradients stacked over shots, then over receiver lines, by a gather plan."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_PLAN = (("shot", 0), (("rx", "shot"), 1))


def shot_gradient(wavefield, adjoint):
    return (wavefield * adjoint).sum(axis=0)


def image(wavefield, adjoint):
    g = shot_gradient(wavefield, adjoint)
    for axes, dim in GATHER_PLAN:
        g = jax.lax.all_gather(g, axes, axis=dim, to="reduced", tiled=True)
    return g


def inputs():
    rng = np.random.default_rng(35)
    return (rng.normal(size=(10, 8, 32)).astype(np.float32),
            rng.normal(size=(10, 8, 32)).astype(np.float32))


def main(wavefield, adjoint):
    mesh = jax.make_mesh((2, 4), ("shot", "rx"))
    spec = P(None, "shot", "rx")
    wavefield, adjoint = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (wavefield, adjoint))
    return jax.shard_map(image, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(reduced={"shot", "rx"}))(wavefield, adjoint)


if __name__ == "__main__":
    print(main(*inputs()))
