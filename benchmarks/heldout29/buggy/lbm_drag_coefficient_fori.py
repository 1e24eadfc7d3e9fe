"""LBM flow past a cylinder: drag force accumulated over sub-steps in a fori_loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DOMAIN = ("lx", "ly")


def drag(f, solid):
    def substep(i, acc):
        momentum = (f * solid[..., None]).sum(axis=(0, 1)) * (i + 1)
        along_y = jax.lax.psum(momentum.sum(), DOMAIN[1])
        return acc + jax.lax.psum(along_y, DOMAIN)
    return jax.lax.fori_loop(0, 3, substep, jnp.zeros(()))


def inputs():
    rng = np.random.default_rng(605)
    solid = (rng.uniform(0, 1, (16, 16)) > 0.8).astype(np.float32)
    return rng.uniform(0.9, 1.1, (16, 16, 9)).astype(np.float32) / 9, solid


def main(f, solid):
    mesh = jax.make_mesh((2, 4), DOMAIN)
    f = jax.device_put(f, NamedSharding(mesh, P(*DOMAIN, None)))
    solid = jax.device_put(solid, NamedSharding(mesh, P(*DOMAIN)))
    fn = jax.shard_map(drag, mesh=mesh, in_specs=(P(*DOMAIN, None), P(*DOMAIN)), out_specs=P())
    return fn(f, solid)


if __name__ == "__main__":
    print(main(*inputs()))
