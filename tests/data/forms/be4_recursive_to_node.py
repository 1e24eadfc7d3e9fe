import jax
from jax.sharding import PartitionSpec as P


class Node(dict):
    __getattr__ = dict.__getitem__


def to_node(d):
    return Node({k: to_node(v) if isinstance(v, dict) else v for k, v in d.items()})


CONFIG = to_node({"mesh": {"rows": "i", "cols": "j"}, "optim": {"lr": 0.1}})


def main(mesh, x):
    def body(v):
        s = jax.lax.psum(v, CONFIG.mesh.cols)
        return jax.lax.pmean(s, (CONFIG.mesh.rows, CONFIG.mesh.cols))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P(CONFIG.mesh.rows, CONFIG.mesh.cols), out_specs=P())(x)
