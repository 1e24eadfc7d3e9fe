"""Data quality: duplicate-key rate over the customer dimension (taskflow-style DAG).

Keys are sharded over `part` and the hashed key columns over `col`. Each device hashes its
columns; the row hash is combined over `col`, and the duplicate rate is averaged over the mesh.
"""
import functools
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- taskflow-style decorators (pasted from `flowlite.taskflow`; runs a DAG in-process) ----
class XComArg:
    def __init__(self, call):
        self.call = call

    def __getitem__(self, key):  # like XComArg["key"] on a multiple_outputs task
        return XComArg(("getitem", self, key))


class _DagRun:
    current = None

    def __init__(self, params):
        self.params, self.calls = params, []


def task(fn=None, *, task_id=None, multiple_outputs=False):
    def wrap(f):
        @functools.wraps(f)
        def call(*args, **kwargs):
            run = _DagRun.current
            node = ("task", task_id or f.__name__, f, args, kwargs)
            run.calls.append(node)
            return XComArg(node)
        call.function = f
        return call
    return wrap(fn) if fn is not None else wrap


def dag(dag_id=None, params=None, schedule=None, catchup=False):
    def wrap(build):
        def run(conf=None, logical_date="2026-12-01"):
            merged = {**(params or {}), **(conf or {})}
            _DagRun.current = dr = _DagRun(merged)
            build()
            _DagRun.current = None
            xcom = {}

            def resolve(v):
                if isinstance(v, XComArg):
                    if v.call[0] == "getitem":
                        return resolve(v.call[1])[v.call[2]]
                    return xcom[id(v.call)]
                if isinstance(v, str) and v.startswith("{{") and v.endswith("}}"):
                    name = v[2:-2].strip()
                    return merged[name[len("params."):]] if name.startswith("params.") else logical_date
                return v

            for node in dr.calls:
                _, tid, f, args, kwargs = node
                xcom[id(node)] = f(*[resolve(a) for a in args], **{k: resolve(v) for k, v in kwargs.items()})
                xcom[tid] = xcom[id(node)]
            return xcom
        run.dag_id = dag_id or build.__name__
        return run
    return wrap
# ---- end taskflow ----


MESH_AXES = ("part", "col")


@task(multiple_outputs=True)
def customer_keys(n):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    keys = (jnp.arange(n * 4).reshape(n, 4) % 11).astype(jnp.float32)
    return {"mesh": mesh, "keys": jax.device_put(keys, NamedSharding(mesh, P(*MESH_AXES)))}


@task
def duplicate_rate(mesh, keys):
    part, col = MESH_AXES

    def body(block):
        weights = jnp.arange(1, block.shape[1] + 1, dtype=jnp.float32)
        row_hash = jax.lax.psum(jnp.sum(block * weights, axis=1), col)
        same = row_hash[:, None] == row_hash[None, :]
        dup_pairs = (jnp.sum(same) - row_hash.shape[0]) / 2.0
        rate = dup_pairs / row_hash.shape[0]
        return jax.lax.pmean(rate, (part, col))

    return jax.shard_map(body, mesh=mesh, in_specs=P(part, col), out_specs=P())(keys)


@task
def gate(rate, max_rate):
    return {"rate": rate, "passed": bool(rate <= max_rate)}


@dag(dag_id="customer_dup_keys", params={"n": 32, "max_rate": 0.2})
def customer_dup_keys():
    src = customer_keys("{{ params.n }}")
    gate(duplicate_rate(src["mesh"], src["keys"]), "{{ params.max_rate }}")


def inputs():
    return ({"n": 48},)


def main(conf):
    return customer_dup_keys(conf)["gate"]["rate"]


if __name__ == "__main__":
    main(*inputs())
