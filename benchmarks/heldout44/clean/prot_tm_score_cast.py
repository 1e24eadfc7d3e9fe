"""Predicted TM-score from a PAE head, normalised by the number of residues in the crop."""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PAE = {"max_error_bin": 31.0, "num_bins": 16}


def tm_d0(num_res):
    clipped = jnp.maximum(num_res, 19.0)
    return 1.24 * (clipped - 15.0) ** (1.0 / 3) - 1.8


def expected_tm(logits, d0):
    centers = jnp.linspace(0.0, PAE["max_error_bin"], PAE["num_bins"])
    probs = jax.nn.softmax(logits, axis=-1)
    return jnp.sum(probs / (1.0 + (centers / d0[:, None, None, None]) ** 2), axis=-1)


def predicted_tm_score(logits, residue_mask, *, axes):
    num_res = jax.lax.psum(jnp.sum(residue_mask, axis=-1), axes[1])
    per_pair = expected_tm(logits, tm_d0(num_res))
    per_residue = jnp.sum(per_pair, axis=-1) / num_res[:, None]
    best = jnp.max(per_residue, axis=-1)
    return jax.lax.psum(best * jnp.sum(residue_mask, axis=-1), axes) / jax.lax.psum(jax.lax.pcast(num_res, axes[1], to="varying"), axes)


def inputs():
    rng = np.random.default_rng(28)
    logits = rng.normal(size=(2, 16, 16, PAE["num_bins"])).astype(np.float32)
    mask = np.ones((2, 16), np.float32)
    return logits, mask


def main(logits, mask):
    axes = ("crop", "res")
    mesh = jax.make_mesh((2, 4), axes)
    logits = jax.device_put(logits, NamedSharding(mesh, P(*axes, None, None)))
    mask = jax.device_put(mask, NamedSharding(mesh, P(*axes)))
    score = functools.partial(predicted_tm_score, axes=axes)
    return jax.shard_map(score, mesh=mesh, in_specs=(P(*axes, None, None), P(*axes)), out_specs=P())(logits, mask)


if __name__ == "__main__":
    main(*inputs())
