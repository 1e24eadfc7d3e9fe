"""Job scheduler: evaluation jobs report the mean squared error over the whole eval set, averaged
over every device of the job's mesh; several seeds are evaluated concurrently in a TaskGroup."""
import asyncio
import contextlib
import functools
import inspect
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# --- servekit: the small FastAPI / pydantic stand-in our inference services share -----------

class ValidationError(ValueError):
    pass


def _coerce(tp, value):
    origin = typing.get_origin(tp)
    if origin is tuple and isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if origin in (tuple, list) and isinstance(value, (list, tuple)):
        return origin(value)
    if tp in (int, float) and isinstance(value, (str, int, float)):
        return tp(value)
    return value


class BaseModel:
    """Annotated fields, class defaults, coercion of "a,b" to tuples; extra fields rejected."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        fields = {}
        for klass in reversed(cls.__mro__):
            fields.update({k: v for k, v in getattr(klass, "__annotations__", {}).items()
                           if not k.startswith("_")})
        cls.model_fields = fields

    def __init__(self, **data):
        for name, tp in self.model_fields.items():
            if name in data:
                value = _coerce(tp, data.pop(name))
            elif hasattr(type(self), name):
                value = getattr(type(self), name)
            else:
                raise ValidationError(f"{type(self).__name__}.{name}: field required")
            setattr(self, name, value)
        if data:
            raise ValidationError(f"{type(self).__name__}: extra fields {sorted(data)}")

    @classmethod
    def model_validate(cls, obj):
        return cls(**dict(obj or {}))

    def model_dump(self):
        return {name: getattr(self, name) for name in self.model_fields}

    def model_copy(self, update=None):
        return type(self)(**{**self.model_dump(), **(update or {})})


class Depends:
    def __init__(self, dependency, *, use_cache=True):
        self.dependency = dependency
        self.use_cache = use_cache


class BackgroundTasks:
    def __init__(self):
        self.tasks = []

    def add_task(self, fn, *args, **kwargs):
        self.tasks.append((fn, args, kwargs))

    async def __call__(self):
        for fn, args, kwargs in self.tasks:
            if inspect.iscoroutinefunction(fn):
                await fn(*args, **kwargs)
            else:
                await run_in_threadpool(fn, *args, **kwargs)


class Request:
    def __init__(self, app, method, path, body=None, query=None):
        self.app, self.method, self.path = app, method, path
        self._body = body or {}
        self.query = dict(query or {})
        self.exit_stack = contextlib.AsyncExitStack()

    async def json(self):
        return self._body


class Response:
    def __init__(self, status_code, payload):
        self.status_code = status_code
        self._payload = payload

    def json(self):
        return self._payload


class HTTPException(Exception):
    def __init__(self, status_code, detail=""):
        super().__init__(detail)
        self.status_code, self.detail = status_code, detail


async def run_in_threadpool(fn, *args, **kwargs):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, functools.partial(fn, *args, **kwargs))


class App:
    def __init__(self, title=""):
        self.title = title
        self.routes = {}
        self.state = type("State", (), {})()
        self.dependency_overrides = {}
        self._hooks = {"startup": [], "shutdown": []}

    def on_event(self, kind):
        def register(fn):
            self._hooks[kind].append(fn)
            return fn
        return register

    def route(self, method, path, response_model=None):
        def register(fn):
            self.routes[(method, path)] = (fn, response_model)
            return fn
        return register

    def post(self, path, **kwargs):
        return self.route("POST", path, **kwargs)

    def get(self, path, **kwargs):
        return self.route("GET", path, **kwargs)

    async def _solve(self, fn, request, cache, background):
        kwargs = {}
        for name, param in inspect.signature(fn).parameters.items():
            default, ann = param.default, param.annotation
            if isinstance(default, Depends):
                dep = self.dependency_overrides.get(default.dependency, default.dependency)
                if default.use_cache and dep in cache:
                    kwargs[name] = cache[dep]
                    continue
                kwargs[name] = cache[dep] = await self._call(dep, request, cache, background)
            elif ann is Request:
                kwargs[name] = request
            elif ann is BackgroundTasks:
                kwargs[name] = background
            elif isinstance(ann, type) and issubclass(ann, BaseModel):
                kwargs[name] = ann.model_validate(await request.json())
            elif name in request.query:
                kwargs[name] = _coerce(ann, request.query[name])
        return kwargs

    async def _call(self, fn, request, cache, background):
        kwargs = await self._solve(fn, request, cache, background)
        if inspect.isasyncgenfunction(fn):
            gen = fn(**kwargs)
            value = await gen.__anext__()
            request.exit_stack.push_async_callback(gen.aclose)
            return value
        out = fn(**kwargs)
        return await out if inspect.isawaitable(out) else out

    async def handle(self, method, path, body=None, query=None):
        if (method, path) not in self.routes:
            return Response(404, {"detail": "Not Found"})
        fn, response_model = self.routes[(method, path)]
        request, background = Request(self, method, path, body, query), BackgroundTasks()
        async with request.exit_stack:
            try:
                out = await self._call(fn, request, {}, background)
            except HTTPException as exc:
                return Response(exc.status_code, {"detail": exc.detail})
        if response_model is not None and not isinstance(out, response_model):
            out = response_model.model_validate(out)
        await background()
        return Response(200, out.model_dump() if isinstance(out, BaseModel) else out)

    async def startup(self):
        for hook in self._hooks["startup"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()

    async def shutdown(self):
        for hook in self._hooks["shutdown"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()


class TestClient:
    """Like Starlette's TestClient with raise_server_exceptions=True, but awaitable."""

    def __init__(self, app):
        self.app = app

    async def __aenter__(self):
        await self.app.startup()
        return self

    async def __aexit__(self, *exc):
        await self.app.shutdown()

    async def post(self, path, json=None):
        return await self.app.handle("POST", path, body=json)

    async def get(self, path, params=None):
        return await self.app.handle("GET", path, query=params)


# --- end of servekit ---------------------------------------------------------------------------

# --- training job scheduler: job specs, the scheduler, the cluster, the model ------------------

class JobSpec(BaseModel):
    kind: str
    name: str = ""
    steps: int = 2
    mesh_shape: tuple[int, ...] = (2, 4)
    mesh_axes: tuple[str, ...] = ("data", "model")
    lr: float = 0.1
    seed: int = 0
    options: dict = {}


class JobResult(BaseModel):
    name: str = ""
    kind: str = ""
    metrics: dict = {}


class Cluster:
    """One mesh per (shape, axes); jobs borrow it through an async context manager."""

    _meshes = {}

    def __init__(self, spec: JobSpec):
        key = (spec.mesh_shape, spec.mesh_axes)
        if key not in self._meshes:
            self._meshes[key] = jax.make_mesh(spec.mesh_shape, spec.mesh_axes)
        self.mesh = self._meshes[key]
        self.data_axis, self.model_axis = spec.mesh_axes
        self.lock = asyncio.Lock()

    def place(self, value, spec):
        return jax.device_put(value, NamedSharding(self.mesh, spec))


PARAM_SPECS = {
    "w1": P(None, "model"),
    "b1": P("model"),
    "w2": P("model", None),
    "b2": P(),
}


def init_params(cluster: Cluster, seed, d_in=8, d_hidden=16, d_out=4):
    rng = np.random.default_rng(seed)
    shapes = {"w1": (d_in, d_hidden), "b1": (d_hidden,), "w2": (d_hidden, d_out), "b2": (d_out,)}
    return {name: cluster.place((rng.normal(size=shape) / np.sqrt(shape[0])).astype(np.float32),
                                PARAM_SPECS[name])
            for name, shape in shapes.items()}


def make_batch(cluster: Cluster, seed, n=16, d_in=8, d_out=4):
    rng = np.random.default_rng(seed + 100)
    x = rng.normal(size=(n, d_in)).astype(np.float32)
    y = np.tanh(x[:, :d_out]).astype(np.float32)
    spec = P(cluster.data_axis, None)
    return cluster.place(x, spec), cluster.place(y, spec)


def forward(params, x, model_axis):
    """Column-parallel hidden layer, row-parallel output (partial sums added over `model`)."""
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return jax.lax.psum(h @ params["w2"], model_axis) + params["b2"]


class JobContext:
    def __init__(self, spec: JobSpec, cluster: Cluster):
        self.spec, self.cluster = spec, cluster

    @property
    def mesh(self):
        return self.cluster.mesh

    @property
    def axes(self):
        return self.spec.mesh_axes

    async def compute(self, fn, *args):
        async with self.cluster.lock:
            return await run_in_threadpool(fn, *args)


class JobScheduler:
    """Jobs go into a queue; a pool of worker tasks runs each with the handler its kind registered."""

    def __init__(self, workers=2):
        self.registry = {}
        self.queue = asyncio.Queue()
        self.n_workers = workers
        self._workers = []

    def register(self, kind):
        def deco(fn):
            self.registry[kind] = fn
            return fn
        return deco

    async def submit(self, spec: JobSpec):
        fut = asyncio.get_running_loop().create_future()
        await self.queue.put((spec, fut))
        return fut

    async def _work(self):
        while True:
            spec, fut = await self.queue.get()
            try:
                ctx = JobContext(spec, Cluster(spec))
                metrics = await self.registry[spec.kind](ctx)
                fut.set_result(JobResult(name=spec.name or spec.kind, kind=spec.kind, metrics=metrics))
            except Exception as exc:
                fut.set_exception(exc)
            finally:
                self.queue.task_done()

    async def __aenter__(self):
        self._workers = [asyncio.create_task(self._work()) for _ in range(self.n_workers)]
        return self

    async def __aexit__(self, *exc):
        for task in self._workers:
            task.cancel()
        await asyncio.gather(*self._workers, return_exceptions=True)


scheduler = JobScheduler(workers=2)


async def run_jobs(specs):
    async with scheduler:
        futures = [await scheduler.submit(JobSpec.model_validate(s)) for s in specs]
        results = await asyncio.gather(*futures)
    return {r.name: r.metrics for r in results}


@scheduler.register("eval")
async def eval_job(ctx: JobContext):
    params = init_params(ctx.cluster, 0)
    x, y = make_batch(ctx.cluster, ctx.spec.seed)
    data, model = ctx.cluster.data_axis, ctx.cluster.model_axis

    def mse(params, x, y):
        err = jnp.mean((forward(params, x, model) - y) ** 2)
        return jax.lax.pmean(err, ctx.axes)

    fn = jax.jit(jax.shard_map(mse, mesh=ctx.mesh, in_specs=(PARAM_SPECS, P(data, None), P(data, None)),
                               out_specs=P()))
    return {"mse": float(await ctx.compute(fn, params, x, y))}


async def sweep(seeds):
    async with scheduler:
        try:
            async with asyncio.TaskGroup() as tg:
                tasks = [tg.create_task(_one(seed)) for seed in seeds]
        except* Exception as group:
            raise group.exceptions[0]
    return {t.result().name: t.result().metrics for t in tasks}


async def _one(seed):
    fut = await scheduler.submit(JobSpec(kind="eval", name=f"eval-seed{seed}", seed=seed))
    return await fut


def inputs():
    return ([0, 1, 2],)


def main(seeds):
    return asyncio.run(sweep(seeds))


if __name__ == "__main__":
    print(main(*inputs()))
