"""Vector search service: /scores returns calibrated relevance scores of every document for the
query batch (scale and bias fitted offline and read from the environment)."""
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

# --- retrieval service: settings from the environment, the index resource, dependencies -------

ENV = {"INDEX_MESH_SHAPE": "4,2", "INDEX_MESH_AXES": "shards,dim", "INDEX_N_DOCS": "64",
       "INDEX_DIM": "8", "INDEX_TOP_K": "4"}


class IndexSettings(BaseModel):
    mesh_shape: tuple[int, ...] = (4, 2)
    mesh_axes: tuple[str, ...] = ("shards", "dim")
    n_docs: int = 64
    dim: int = 8
    top_k: int = 4
    score_scale: float = 10.0
    score_bias: float = -0.5

    @classmethod
    def from_env(cls, env, prefix="INDEX_"):
        data = {k[len(prefix):].lower(): v for k, v in env.items() if k.startswith(prefix)}
        if "mesh_shape" in data:
            data["mesh_shape"] = tuple(int(n) for n in data["mesh_shape"].split(","))
        return cls(**data)


settings = IndexSettings.from_env(ENV)
app = App(title="vector-search")


class VectorIndex:
    """Document embeddings split by rows over the shard axis and by features over the dim axis."""

    def __init__(self, s: IndexSettings):
        self.s = s
        self.mesh = self.docs = None

    @property
    def row_axis(self):
        return self.s.mesh_axes[0]

    @property
    def col_axis(self):
        return self.s.mesh_axes[1]

    async def __aenter__(self):
        self.mesh = jax.make_mesh(self.s.mesh_shape, self.s.mesh_axes)
        rng = np.random.default_rng(7)
        docs = rng.normal(size=(self.s.n_docs, self.s.dim)).astype(np.float32)
        docs /= np.linalg.norm(docs, axis=1, keepdims=True)
        self.docs = jax.device_put(docs, NamedSharding(self.mesh, P(self.row_axis, self.col_axis)))
        return self

    async def __aexit__(self, *exc):
        self.docs = None

    def place_queries(self, queries):
        q = np.asarray(queries, np.float32)
        q /= np.linalg.norm(q, axis=1, keepdims=True)
        return jax.device_put(q, NamedSharding(self.mesh, P(None, self.col_axis)))


@app.on_event("startup")
async def open_index():
    app.state.index_cm = VectorIndex(settings)
    app.state.index = await app.state.index_cm.__aenter__()


@app.on_event("shutdown")
async def close_index():
    await app.state.index_cm.__aexit__(None, None, None)


async def get_index(request: Request):
    return request.app.state.index


def get_settings():
    return settings


def shard_scores(q, docs, col_axis):
    """Cosine scores of the queries against this device's documents (features summed over dim)."""
    return jax.lax.psum(q @ docs.T, col_axis)


class SearchRequest(BaseModel):
    queries: list = []
    top_k: int = 4


async def query_batches(queries, batch_size):
    for start in range(0, len(queries), batch_size):
        await asyncio.sleep(0)
        yield queries[start:start + batch_size]


class CalibratedScorer:
    def __init__(self, index: VectorIndex, s: IndexSettings):
        self.index, self.s = index, s
        self.fn = jax.jit(jax.shard_map(
            self.calibrate, mesh=index.mesh,
            in_specs=(P(None, index.col_axis), P(index.row_axis, index.col_axis)),
            out_specs=P(None, None, reduced={index.row_axis})))

    def calibrate(self, q, docs):
        raw = shard_scores(q, docs, self.index.col_axis)
        corpus = jax.lax.all_gather(raw, self.index.row_axis, axis=1, tiled=True, to="reduced")
        return self.s.score_scale * corpus + self.s.score_bias


@app.on_event("startup")
async def build_scorer():
    app.state.scorer = CalibratedScorer(app.state.index, settings)


def get_scorer(request: Request):
    return request.app.state.scorer


@app.post("/scores")
async def scores(req: SearchRequest, scorer: CalibratedScorer = Depends(get_scorer),
                 index: VectorIndex = Depends(get_index)):
    out = await run_in_threadpool(scorer.fn, index.place_queries(req.queries), index.docs)
    return {"max": np.asarray(out).max(axis=1).round(3).tolist()}


async def serve(queries):
    async with TestClient(app) as client:
        resp = await client.post("/scores", json={"queries": queries})
        return resp.json()["max"]


def inputs():
    return (np.random.default_rng(2).normal(size=(4, 8)).round(3).tolist(),)


def main(queries):
    return asyncio.run(serve(queries))


if __name__ == "__main__":
    print(main(*inputs()))
