"""lDDT-Ca of a predicted structure against the true one, residues split over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, key):
        value = self[key]
        return ConfigDict(value) if isinstance(value, dict) else value


CONFIG = ConfigDict({
    "model": {"heads": {"predicted_lddt": {"cutoff": 15.0, "num_bins": 50,
                                           "thresholds": (0.5, 1.0, 2.0, 4.0)}}},
    "mesh": {"crop_axis": "crop", "residue_axis": "res"},
})


def pairwise_dist(a, b):
    return jnp.sqrt(1e-10 + jnp.sum((a[..., :, None, :] - b[..., None, :, :]) ** 2, axis=-1))


def lddt(predicted, true, partner_pred, partner_true, config=CONFIG):
    head = config.model.heads.predicted_lddt
    dmat_true = pairwise_dist(true, partner_true)
    dmat_pred = pairwise_dist(predicted, partner_pred)
    scored = (dmat_true < head.cutoff).astype(jnp.float32)
    dist_l1 = jnp.abs(dmat_true - dmat_pred)
    score = sum((dist_l1 < t).astype(jnp.float32) for t in head.thresholds) / len(head.thresholds)
    res = config.mesh.residue_axis
    norm = jax.lax.psum(jnp.sum(scored, axis=-1), res)
    per_shard_norm = jax.lax.all_gather(norm, res, axis=1, tiled=True, to="reduced")
    return jnp.sum(scored * score, axis=-1), per_shard_norm


def inputs():
    rng = np.random.default_rng(24)
    true = rng.normal(scale=8.0, size=(2, 32, 3)).astype(np.float32)
    pred = true + rng.normal(scale=1.0, size=true.shape).astype(np.float32)
    return pred, true


def main(pred, true):
    m = CONFIG.mesh
    mesh = jax.make_mesh((2, 4), (m.crop_axis, m.residue_axis))
    spec, full = P(m.crop_axis, m.residue_axis, None), P(m.crop_axis, None, None)
    pred_s, true_s = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pred, true))
    pred_f, true_f = (jax.device_put(a, NamedSharding(mesh, full)) for a in (pred, true))
    return jax.shard_map(lddt, mesh=mesh, in_specs=(spec, spec, full, full),
                         out_specs=(P(m.crop_axis, m.residue_axis),
                                    P(m.crop_axis, None, reduced={m.residue_axis})))(pred_s, true_s, pred_f, true_f)


if __name__ == "__main__":
    main(*inputs())
