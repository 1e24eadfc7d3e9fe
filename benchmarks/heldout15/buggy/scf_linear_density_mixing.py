"""SCF loop with linear density mixing; the output density is shared along k-points."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MIX = {"alpha": 0.3, "n_iter": 2}


def inputs():
    rho = np.full((8, 8), 0.125, np.float32)
    v = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    return rho, v


def kohn_sham_density(v_blk):
    occ = jax.nn.softmax(-v_blk, axis=-1)
    return jax.lax.all_gather(occ, "kpt", axis=0, tiled=True, to="reduced")


def scf(rho_in, v_blk, mix=MIX):
    for _ in range(mix["n_iter"]):
        rho_out = kohn_sham_density(v_blk + rho_in[: v_blk.shape[0]])
        rho_in = mix["alpha"] * rho_out + (1 - mix["alpha"]) * rho_in
    return jax.lax.pmean(rho_in, "kpt")


def main(rho, v):
    mesh = jax.make_mesh((4, 2), ("kpt", "spin"))
    rho = jax.device_put(rho, NamedSharding(mesh, P()))
    v = jax.device_put(v, NamedSharding(mesh, P("kpt", None)))
    f = jax.shard_map(scf, mesh=mesh, in_specs=(P(), P("kpt", None)), out_specs=P())
    return f(rho, v)


if __name__ == "__main__":
    print(main(*inputs()))
