"""Double-talk detector: a Geigel-like statistic over frames in lax.scan, far-end peak shared."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DTD = {"threshold": 0.5, "frame_axis": "frames", "bin_axis": "bins"}


def far_end_peak(far, bin_axis):
    mag = jnp.abs(far)
    return jax.lax.all_gather(mag, bin_axis, axis=1, tiled=True, to="reduced")


def detect(near, far, cfg=DTD):
    peak = far_end_peak(far, cfg["bin_axis"])

    def step(carry, frame):
        near_t, peak_t = frame
        level = jax.lax.psum(peak_t, cfg["bin_axis"])
        return carry + jnp.sum(jnp.abs(near_t)) / (jnp.sum(level) + 1.0), None

    total, _ = jax.lax.scan(step, jnp.zeros_like(near[0, 0]), (near, peak))
    return total[None, None]


def inputs():
    rng = np.random.default_rng(42)
    return (rng.standard_normal((8, 16)).astype(np.float32),
            rng.standard_normal((8, 16)).astype(np.float32))


def main(near, far):
    mesh = jax.make_mesh((2, 4), (DTD["frame_axis"], DTD["bin_axis"]))
    spec = P(DTD["frame_axis"], DTD["bin_axis"])
    near = jax.device_put(near, NamedSharding(mesh, spec))
    far = jax.device_put(far, NamedSharding(mesh, spec))
    return jax.shard_map(detect, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(near, far)


if __name__ == "__main__":
    print(main(*inputs()))
