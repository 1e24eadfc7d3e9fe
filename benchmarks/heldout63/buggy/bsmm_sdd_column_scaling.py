"""SDD product (dense x dense -> block-sparse) with the right operand scaled to unit column norms."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SDD:
    m_axis = "rowblk"
    k_axis = "colblk"

    def __init__(self, eps=1e-6):
        self.eps = eps

    def gather_rhs(self, b_part):
        return jax.lax.all_gather(b_part, self.k_axis, axis=0, tiled=True, to="reduced")

    def column_norms(self, b_full):
        return jnp.sqrt(jax.lax.psum(jnp.sum(b_full * b_full, axis=0), self.k_axis))

    def __call__(self, a, b_part, mask):
        b_full = self.gather_rhs(b_part)
        norms = self.column_norms(b_full)
        return (a @ b_full) * mask / (norms + self.eps)


def inputs():
    rng = np.random.default_rng(42)
    a = rng.standard_normal((8, 8)).astype(np.float32)
    b = rng.standard_normal((8, 4)).astype(np.float32)
    mask = (rng.random((8, 4)) < 0.5).astype(np.float32)
    return a, b, mask


def main(a, b, mask):
    mesh = jax.make_mesh((2, 4), (SDD.m_axis, SDD.k_axis))
    a = jax.device_put(a, NamedSharding(mesh, P(SDD.m_axis, None)))
    b = jax.device_put(b, NamedSharding(mesh, P(SDD.k_axis, None)))
    mask = jax.device_put(mask, NamedSharding(mesh, P(SDD.m_axis, None)))
    sdd = SDD()
    run = jax.shard_map(sdd, mesh=mesh, in_specs=(P(SDD.m_axis, None), P(SDD.k_axis, None), P(SDD.m_axis, None)),
                        out_specs=P(SDD.m_axis, None))
    return run(a, b, mask)


if __name__ == "__main__":
    main(*inputs())
