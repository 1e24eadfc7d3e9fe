"""Learning to rank: ListNet softmax cross-entropy over each query's documents.

The loss pipeline is spelled "gather(d)|log_softmax|xent" in the trainer config.
"""
import configparser
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[mesh]
shape = 2x4
names = queries,docs

[letters]
q = queries
d = docs

[loss]
pipeline = gather(d)|log_softmax|xent
"""


def make_ops(letters, labels):
    return {
        "gather": lambda s, arg: jax.lax.all_gather(s, letters[arg], axis=1, tiled=True, to="reduced"),
        "log_softmax": lambda s, arg: jax.nn.log_softmax(s, axis=-1),
        "xent": lambda s, arg: -jnp.sum(labels * s, axis=-1),
    }


def loss_body(scores, labels, letters, pipeline):
    ops = make_ops(letters, labels)
    x = scores
    for stage in pipeline.split("|"):
        m = re.match(r"(\w+)(?:\((\w)\))?$", stage)
        x = ops[m.group(1)](x, m.group(2))
    return x


def inputs():
    rng = np.random.default_rng(25)
    scores = rng.normal(size=(8, 16)).astype(np.float32)
    labels = rng.dirichlet(np.ones(16), size=8).astype(np.float32)
    return scores, labels


def main(scores, labels):
    cp = configparser.ConfigParser()
    cp.read_string(INI)
    mesh = jax.make_mesh(tuple(int(n) for n in cp["mesh"]["shape"].split("x")),
                         tuple(cp["mesh"]["names"].split(",")))
    letters = dict(cp["letters"])
    scores = jax.device_put(scores, NamedSharding(mesh, P("queries", "docs")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("queries", None)))
    loss = jax.shard_map(lambda s, l: loss_body(s, l, letters, cp["loss"]["pipeline"]), mesh=mesh,
                         in_specs=(P("queries", "docs"), P("queries", None)),
                         out_specs=P("queries", reduced={"docs"}))(scores, labels)
    print(loss.shape)
    return loss


if __name__ == "__main__":
    main(*inputs())
