"""Two-site DMRG bookkeeping: bond energies from left/right environments, averaged over the chain."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BONDS = 8
CHI = 16

REDUCERS = {"sum": jax.lax.psum, "mean": jax.lax.pmean}


class Environment:
    def __init__(self, bond_axis):
        self.bond_axis = bond_axis

    def contract(self, left, right):
        return jax.lax.psum(jnp.sum(left * right, axis=1), self.bond_axis)


def make_energy(mesh, reducer="mean"):
    axes = tuple(mesh.axis_names)
    env = Environment(axes[1])
    reduce = REDUCERS[reducer]

    def energy(left, right, h_bond):
        overlap = env.contract(left, right)
        e_bond = env.contract(left * h_bond, right) / overlap
        return reduce(e_bond, axes)

    return energy


def inputs():
    rng = np.random.default_rng(79)
    left = np.abs(rng.normal(size=(N_BONDS, CHI))).astype(np.float32)
    right = np.abs(rng.normal(size=(N_BONDS, CHI))).astype(np.float32)
    h_bond = rng.normal(size=(N_BONDS, CHI)).astype(np.float32)
    return left, right, h_bond


def main(left, right, h_bond):
    mesh = jax.make_mesh((2, 4), ("chain", "bond"))
    spec = P("chain", "bond")
    args = [jax.device_put(a, NamedSharding(mesh, spec)) for a in (left, right, h_bond)]
    fn = jax.shard_map(make_energy(mesh), mesh=mesh, in_specs=(spec,) * 3, out_specs=P())
    return fn(*args)


if __name__ == "__main__":
    main(*inputs())
