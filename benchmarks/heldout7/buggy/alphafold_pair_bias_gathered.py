"""Pair-biased attention: the pair bias gathered over heads plus a relative-position bias summed over residues."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"res": "res", "heads": "heads"}


def relpos(n, max_rel=4):
    d = jnp.clip(jnp.arange(n)[:, None] - jnp.arange(n)[None, :], -max_rel, max_rel)
    return d.astype(jnp.float32) / max_rel


def inputs():
    rng = np.random.default_rng(39)
    return rng.normal(size=(8, 8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(pair, rel_w):
    mesh = jax.make_mesh((2, 4), (AXES["res"], AXES["heads"]))
    pspec = P(AXES["res"], None, AXES["heads"])
    pair = jax.device_put(pair, NamedSharding(mesh, pspec))
    rel_w = jax.device_put(rel_w, NamedSharding(mesh, P(AXES["res"], None)))

    def bias(pair, rel_w):
        heads = jax.lax.all_gather(pair, AXES["heads"], axis=2, tiled=True, to="reduced")
        rel = jax.lax.psum(jnp.sum(rel_w, axis=0), AXES["res"])
        return heads + rel[None, :, None] * relpos(8)[: heads.shape[0], :, None]

    return jax.shard_map(bias, mesh=mesh, in_specs=(pspec, P(AXES["res"], None)),
                         out_specs=P(AXES["res"], None, None, reduced={AXES["heads"]}))(pair, rel_w)


if __name__ == "__main__":
    print(main(*inputs()))
