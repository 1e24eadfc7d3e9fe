"""A job is given as a URL: `urlsplit(url).query` read by `parse_qs` names the gather axis, the
psum's "j"."""
from urllib.parse import parse_qs, urlsplit

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

JOB = "job://pool/train?sum=j&gather=j"


def main():
    q = parse_qs(urlsplit(JOB).query)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, q["sum"][0])
        return jax.lax.all_gather(total, q.get("gather", ["i"])[0], axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
