"""Writes stacked noise correlation functions per component to an archive layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

COMPONENTS = ("ZZ", "RR", "TT")

COMPUTE_LAYOUT = {
    "ZZ": P(("pair", "lag"), None),
    "RR": P(("pair", "lag"), None),
    "TT": P(("pair", "lag"), None),
}

ARCHIVE_LAYOUT = {
    "ZZ": P(None, None, reduced={"pair", "lag"}),
    "RR": P(None, None, reduced={"pair", "lag"}),
    "TT": P("lag", None, reduced={"pair"}),
}


def load_stacks(mesh, n_pairs=16, n_lags=33):
    rng = np.random.default_rng(3)
    stacks = {}
    for comp in COMPONENTS:
        host = rng.normal(size=(n_pairs, n_lags)).astype(np.float32)
        stacks[comp] = jax.device_put(host, NamedSharding(mesh, COMPUTE_LAYOUT[comp]))
    return stacks


def symmetric(ccf):
    return 0.5 * (ccf + ccf[:, ::-1])


def write_archive(stacks):
    archive = {}
    for comp, ccf in stacks.items():
        archive[comp] = top_level_all_gather(symmetric(ccf), ARCHIVE_LAYOUT[comp])
    return archive


MESH = jax.make_mesh((4, 2), ("pair", "lag"))


def inputs():
    return (load_stacks(MESH),)


def main(stacks):
    with jax.set_mesh(MESH):
        archive = write_archive(stacks)
    return archive["ZZ"], archive["TT"]


if __name__ == "__main__":
    main(*inputs())
