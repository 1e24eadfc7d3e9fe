"""Page-orientation vote counts reduced in two stages with string-named ops and groups."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("node", "local"))


class CommContext:
    def __init__(self, mesh):
        node, local = mesh.axis_names
        self.groups = {"intra": local, "inter": node, "world": (node, local)}
        self.ops = {"sum": jax.lax.psum, "avg": jax.lax.pmean}

    def all_reduce(self, t, op, group):
        return self.ops[op](t, axis_name=self.groups[group])


def orientation_votes(logits, comm):
    votes = jax.nn.one_hot(jnp.argmax(logits, axis=-1), 4).sum(axis=0)
    node_votes = comm.all_reduce(votes, "sum", "intra")
    share = node_votes / jnp.sum(node_votes)
    return comm.all_reduce(share, "avg", "inter")


def inputs():
    rng = np.random.default_rng(64)
    logits = rng.normal(size=(16, 4)).astype(np.float32)
    return (jax.device_put(logits, NamedSharding(MESH, P(("node", "local"), None))),)


def main(logits):
    comm = CommContext(MESH)
    fn = jax.shard_map(lambda x: orientation_votes(x, comm), mesh=MESH,
                       in_specs=P(("node", "local"), None), out_specs=P())
    print("orientation shares:", np.asarray(fn(logits)))


if __name__ == "__main__":
    main(*inputs())
