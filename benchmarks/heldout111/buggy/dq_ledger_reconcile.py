"""Data quality: reconcile the billing ledger against the warehouse copy (taskflow-style DAG).

The ledger is sharded by account over `part` and by currency column over `col`; the reconcile
task gathers the ledger back to full columns before diffing it with the warehouse extract.
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
from jax._src.shard_map import top_level_all_gather


class LedgerLayout:
    def __init__(self, axes=("part", "col")):
        self.axes = axes
        self.mesh = jax.make_mesh((4, 2), axes)

    @property
    def stored(self):
        return NamedSharding(self.mesh, P(*self.axes))

    @property
    def by_account(self):
        return P(self.axes[0], None, reduced={self.axes[1]})


LAYOUT = LedgerLayout()


@task
def ledger(n_accounts):
    amounts = jnp.round(jnp.arange(n_accounts * 4, dtype=jnp.float32).reshape(n_accounts, 4) * 1.25, 2)
    return jax.device_put(amounts, LAYOUT.stored)


@task
def warehouse_copy(n_accounts):
    amounts = jnp.round(jnp.arange(n_accounts * 4, dtype=jnp.float32).reshape(n_accounts, 4) * 1.25, 2)
    return np.asarray(amounts)


@task
def reconcile(ledger_arr, copy):
    full = top_level_all_gather(ledger_arr, LAYOUT.by_account)
    diff = np.abs(np.asarray(full) - copy)
    return {"mismatched": int((diff > 0.01).sum())}


@dag(dag_id="billing_reconcile", params={"n_accounts": 16})
def billing_reconcile():
    reconcile(ledger("{{ params.n_accounts }}"), warehouse_copy("{{ params.n_accounts }}"))


def inputs():
    return ({"n_accounts": 24},)


def main(conf):
    return billing_reconcile(conf)["reconcile"]


if __name__ == "__main__":
    main(*inputs())
