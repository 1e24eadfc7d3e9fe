"""Source-illumination compensated imaging condition after a time loop over the wavefields."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EPS = 1e-3


def build_imager(offset_axis, nt):
    def accumulate(src, rcv):
        def step(t, carry):
            image, illum = carry
            return image + src[t] * rcv[t], illum + src[t] ** 2
        zero = jnp.zeros_like(src[0])
        return jax.lax.fori_loop(0, nt, step, (zero, zero))

    def imager(src, rcv):
        image, illum = accumulate(src, rcv)
        illum = jax.lax.all_gather(illum.sum(axis=0), offset_axis, tiled=True, to="reduced")
        image = jax.lax.all_gather(image.sum(axis=0), offset_axis, tiled=True, to="reduced")
        return image / (illum + EPS)

    return imager


def inputs():
    rng = np.random.default_rng(2616)
    return (rng.standard_normal((5, 8, 16)).astype(np.float32),
            rng.standard_normal((5, 8, 16)).astype(np.float32))


def main(src, rcv):
    mesh = jax.make_mesh((2, 4), ("shot", "x"))
    spec = P(None, "shot", "x")
    src = jax.device_put(src, NamedSharding(mesh, spec))
    rcv = jax.device_put(rcv, NamedSharding(mesh, spec))
    fn = jax.shard_map(build_imager("x", nt=5), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P("shot", reduced={"x"}))
    return fn(src, rcv)


if __name__ == "__main__":
    print(main(*inputs()))
