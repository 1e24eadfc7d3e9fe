"""Variational circuit simulator: the state vector's norm, split over amplitude shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_QUBITS = 6


def build_norm_check(mesh, amp_axis="amp", batch_axis="batch"):
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(batch_axis, amp_axis), P(batch_axis, amp_axis)),
                       out_specs=P(None, batch_axis, reduced={amp_axis}))
    def norm_check(re, im):
        local = jnp.sum(re * re + im * im, axis=1)
        norm = jax.lax.psum(local, amp_axis)
        return jax.lax.all_gather(norm, amp_axis, to="reduced")

    return norm_check


def inputs():
    rng = np.random.default_rng(50)
    psi = rng.normal(size=(4, 2 ** N_QUBITS)) + 1j * rng.normal(size=(4, 2 ** N_QUBITS))
    psi /= np.linalg.norm(psi, axis=1, keepdims=True)
    return psi.real.astype(np.float32), psi.imag.astype(np.float32)


def main(re, im):
    mesh = jax.make_mesh((2, 4), ("batch", "amp"))
    re = jax.device_put(re, NamedSharding(mesh, P("batch", "amp")))
    im = jax.device_put(im, NamedSharding(mesh, P("batch", "amp")))
    return build_norm_check(mesh)(re, im)


if __name__ == "__main__":
    print(main(*inputs()))
