"""Distogram head loss: logits over distance bins for residue pairs, rows split over residues."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DISTOGRAM = {"first_break": 2.3125, "last_break": 21.6875, "num_bins": 8}
AXIS_NAMES = ("crop", "res")


def bin_edges(first_break, last_break, num_bins):
    return jnp.linspace(first_break, last_break, num_bins - 1)


def pair_logits(rows, partner_rows):
    return rows[..., :, None, :] + partner_rows[..., None, :, :]


def distogram_loss(logits_rows, partner_rows, *, axes):
    crop, res = axes
    logits = pair_logits(logits_rows, partner_rows)
    by_row = jax.lax.all_gather(logits, res, axis=1, tiled=True, to="reduced")
    logits32 = by_row.astype(jnp.float32)
    return jax.lax.all_gather(logits32, axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(25)
    rows = rng.normal(size=(2, 16, DISTOGRAM["num_bins"])).astype(np.float32)
    return rows, rows.copy()


def main(rows, partner):
    mesh = jax.make_mesh((2, 4), AXIS_NAMES)
    row_spec, partner_spec = P(*AXIS_NAMES, None), P(AXIS_NAMES[0], None, None)
    rows = jax.device_put(rows, NamedSharding(mesh, row_spec))
    partner = jax.device_put(partner, NamedSharding(mesh, partner_spec))
    loss = functools.partial(distogram_loss, axes=AXIS_NAMES)
    return jax.shard_map(loss, mesh=mesh, in_specs=(row_spec, partner_spec),
                         out_specs=P(None, None, None, None, reduced=set(AXIS_NAMES)))(rows, partner)


if __name__ == "__main__":
    main(*inputs())
