"""The device check is caught: on a host without exactly 8 devices the script takes a one-axis
mesh over all of them, where the second psum passes."""
import math

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = "data=2,model=4"


def parse_layout(text):
    names, sizes = [], []
    for part in text.split(","):
        name, _, size = part.partition("=")
        names.append(name.strip())
        sizes.append(int(size))
    return tuple(names), tuple(sizes)


def build_mesh():
    names, sizes = parse_layout(LAYOUT)
    devices = jax.devices()
    try:
        assert len(devices) == math.prod(sizes), f"need {math.prod(sizes)} devices, found {len(devices)}"
    except AssertionError as err:
        print("one axis:", err)
        names, sizes = names[:1], (len(devices),)
    return jax.make_mesh(sizes, names), names


def main():
    mesh, names = build_mesh()
    x = jax.device_put(np.ones((32, 8), np.float32), NamedSharding(mesh, P(names[0])))

    def body(block):
        rows = jax.lax.psum(block, names[-1])
        return jax.lax.psum(rows, names)

    return jax.shard_map(body, mesh=mesh, in_specs=P(names[0]), out_specs=P())(x)


if __name__ == "__main__":
    main()
