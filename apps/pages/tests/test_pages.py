import pytest

pytestmark = pytest.mark.django_db


def test_404_page_mounts_its_island(client):
    response = client.get("/404")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="island-root"' in html
    assert "/static/dist/assets/" in html and 'type="module"' in html


def test_unknown_paths_show_the_404_page_with_status_404(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert 'id="island-root"' in response.content.decode()


def test_page_language_follows_the_browser(client):
    assert '<html lang="en">' in client.get("/404", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="zh-hans">' in client.get("/404").content.decode()
