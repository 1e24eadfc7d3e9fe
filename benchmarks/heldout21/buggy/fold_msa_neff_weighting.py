"""MSA sequence reweighting (N_eff) before column-wise attention."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_msa_weighting(axes, identity_cutoff=0.8):
    seq_axis, res_axis = axes

    def weighting(msa_onehot):
        others = jax.lax.all_gather(msa_onehot, seq_axis, axis=0, tiled=True)
        local_id = jnp.einsum("sra,tra->st", msa_onehot, others)
        identity = jax.lax.psum(local_id, res_axis) / (msa_onehot.shape[1] * 4)
        neighbours = jnp.sum(identity > identity_cutoff, axis=1).astype(jnp.float32)
        weights = 1.0 / neighbours
        n_eff = jax.lax.psum(jnp.sum(weights), seq_axis)
        share = jnp.sum(weights) / n_eff
        balance = jax.lax.pmean(share, axes)
        return weights[:, None] / (n_eff * balance)

    return weighting


def inputs():
    rng = np.random.default_rng(23)
    tokens = rng.integers(0, 5, size=(16, 32))
    return (np.eye(5, dtype=np.float32)[tokens],)


def main(msa_onehot):
    axes = ("seq", "res")
    mesh = jax.make_mesh((2, 4), axes)
    spec = P("seq", "res", None)
    msa_onehot = jax.device_put(msa_onehot, NamedSharding(mesh, spec))
    fn = jax.shard_map(make_msa_weighting(axes), mesh=mesh, in_specs=spec, out_specs=P("seq", None))
    return fn(msa_onehot)


if __name__ == "__main__":
    print(main(*inputs()))
